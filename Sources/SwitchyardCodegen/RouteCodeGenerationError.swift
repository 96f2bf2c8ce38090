public import Switchyard

/// Why a route table could not be turned into Swift source.
///
/// Table problems carry the SDK's own text (``RouteTableBuildError`` and ``RouteTableFileError``);
/// problems of the generated code itself (two routes giving the same case name, two parameters
/// giving the same label, a type name that is not an identifier) say which routes or names clash.
///
/// ```swift
/// do { _ = try RouteCodeGenerator.swiftSource(for: configuration) }
/// catch { for line in error.lines(file: "routes.json") { print(line) } }
/// // routes.json: routes 1 and 4: the names 'product-detail' and 'product_detail' both give the case 'productDetail'
/// ```
public struct RouteCodeGenerationError: CodedError, Sendable, Hashable {
    /// One problem.
    public struct Problem: Sendable, Hashable, CustomStringConvertible {
        /// The kind of problem: a table issue's or file error's code, or one of the generator's own.
        public typealias Code = ErrorCode<Problem>

        /// The kind of problem.
        public let code: Code
        /// The reason, without the file and route numbers.
        public let message: String
        /// The 0-based indices of the routes involved, in table order.
        public let routeIndices: [Int]
        /// The text as a file-less line (`route 3: reason`), or the whole text of a file error.
        public let description: String

        init(code: Code, message: String, routeIndices: [Int]) {
            self.code = code
            self.message = message
            self.routeIndices = routeIndices
            self.description = Self.routePrefix(routeIndices) + message
        }

        init(fileError: RouteTableFileError) {
            code = Code(fileError.code)
            message = fileError.message
            routeIndices = fileError.routeIndex.map { [$0] } ?? []
            description = fileError.description
        }

        /// `route 3: `, `routes 2 and 5: `, `routes 1, 2 and 3: `, or nothing.
        static func routePrefix(_ indices: [Int]) -> String {
            let numbers = indices.map { String($0 + 1) }
            switch numbers.count {
            case 0: return ""
            case 1: return "route \(numbers[0]): "
            default: return "routes \(numbers.dropLast().joined(separator: ", ")) and \(numbers[numbers.count - 1]): "
            }
        }
    }

    /// What failed.
    public let code: Code
    /// Every problem found, in table order.
    public let problems: [Problem]
    /// Whether the problems came from reading the file, whose messages already name it.
    let namesFile: Bool

    init(_ code: Code, _ problems: [Problem], namesFile: Bool = false) {
        self.code = code
        self.problems = problems
        self.namesFile = namesFile
    }

    /// The problems as lines that name `file`, in the form `switchyard routes check` prints
    /// (`routes.json: route 3: empty parameter name at 5 in 'bad/:'`).
    public func lines(file: String) -> [String] {
        namesFile ? problems.map(\.description) : problems.map { "\(file): \($0.description)" }
    }

    /// One line per problem, without a file name.
    public var message: String { problems.map(\.description).joined(separator: "\n") }
}

/// The kind of failure as a whole; ``RouteCodeGenerationError/problems`` says what each problem is.
extension ErrorCode<RouteCodeGenerationError> {
    /// The file could not be read, or the table does not build: the problems are the SDK's
    /// (``RouteTableFileError``, ``RouteTableBuildError``).
    public static var invalidTable: Self { Self(rawValue: "invalid_table") }
    /// The Swift cannot be written: the type name, or names in the table, clash or are not identifiers.
    public static var unrepresentable: Self { Self(rawValue: "unrepresentable") }
}

/// The kind of one problem: a ``RouteTableBuildError/Issue/Code`` (`syntax`, `conflict`, ...),
/// a ``RouteTableFileError/Code`` (`invalid_json`, ...), or one of the generator's own.
extension ErrorCode<RouteCodeGenerationError.Problem> {
    /// Two route names give the same Swift case name (`product-detail`, `product_detail`).
    public static var caseNameClash: Self { Self(rawValue: "case_name_clash") }
    /// Two parameters of one route give the same Swift label.
    public static var labelClash: Self { Self(rawValue: "label_clash") }
    /// A route or parameter name gives no Swift identifier.
    public static var unusableName: Self { Self(rawValue: "unusable_name") }
    /// The type name asked for is not a Swift identifier.
    public static var invalidTypeName: Self { Self(rawValue: "invalid_type_name") }

    /// The code of a table issue or a file error, under the same name.
    init<Other>(_ code: ErrorCode<Other>) { self.init(rawValue: code.rawValue) }
}
