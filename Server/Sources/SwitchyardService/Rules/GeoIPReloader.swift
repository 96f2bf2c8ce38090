import Logging
import ServiceLifecycle
import SwitchyardGeoIP

/// Opens the `--geoip` database again whenever its file has changed (checked every `interval`):
/// the operator's monthly download, renamed into place, is read without a restart. A file that
/// does not open is logged and the database in use stays.
struct GeoIPReloader: Service {
    let database: GeoIPDatabase
    let interval: Duration
    let logger: Logger

    func run() async throws {
        await repeatUntilShutdown(every: interval) {
            do {
                if try database.reloadIfChanged() {
                    logger.info("GeoIP database reloaded", metadata: ["path": "\(database.path)", "type": "\(database.databaseType)"])
                }
            } catch {
                logger.warning("GeoIP database not reloaded: the one in use stays", metadata: ["error": "\(error)"])
            }
        }
    }
}
