import Switchyard
@testable import SwitchyardTesting
import Synchronization
import XCTest

/// The expectations work from an XCTest test case too: outside a Swift Testing test a failure is
/// an XCTest failure (captured here instead of failing this case).
final class XCTestExpectationTests: XCTestCase {
    func testAFailureOutsideSwiftTestingGoesToXCTest() async throws {
        let table = try RouteTable(["product/:id"], schemes: ["shop"])
        let failures = Mutex<[String]>([])
        RouteExpectation.$xcTestRecorder.withValue({ message in failures.withLock { $0.append(message) } }) {
            expectRoute("shop://product/1", in: table, opens: "product/:id", parameters: ["id": "1"])
            expectRoute("shop://product/1", in: table, opens: "product/:id", parameters: ["id": "2"])
        }
        XCTAssertEqual(failures.withLock { $0 }, ["'shop://product/1' opened 'product/:id' with [id: 1], expected [id: 2]"])
    }
}
