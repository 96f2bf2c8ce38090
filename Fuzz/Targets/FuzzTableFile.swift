// libFuzzer target: arbitrary bytes as a route-table file, compiled when it loads.

@_spi(SwitchyardService) @testable import Switchyard

func fuzzTableFile(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    if let configuration = try? RouteTableFile.parse(bytes: bytes, fileName: "fuzz.json") {
        if let table = try? RouteTable(configuration) {
            for route in table.routes.prefix(8) { _ = try? table.resolve(route.text) }
        }
    }
    if let value = try? JSONValue.parse(bytes: bytes) {
        let text = value.serialized()
        precondition((try? JSONValue.parse(text)) == value, "JSON round trip failed")
    }
    return 0
}
