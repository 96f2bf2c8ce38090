import Switchyard

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
public struct RouteCodeGenerationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// One problem.
    public struct Problem: Sendable, Hashable, CustomStringConvertible {
        /// The kind of problem: a ``RouteTableBuildError/Issue/Code`` (`syntax`, `conflict`, ...),
        /// a ``RouteTableFileError/Code`` (`invalid_json`, ...), or one of the generator's own.
        public struct Code: Sendable, Hashable, CustomStringConvertible {
            /// The stable snake_case name of the code.
            public let rawValue: String
            /// The ``rawValue``.
            public var description: String { rawValue }

            /// Two route names give the same Swift case name (`product-detail`, `product_detail`).
            public static let caseNameClash = Code(rawValue: "case_name_clash")
            /// Two parameters of one route give the same Swift label.
            public static let labelClash = Code(rawValue: "label_clash")
            /// A route or parameter name gives no Swift identifier.
            public static let unusableName = Code(rawValue: "unusable_name")
            /// The type name asked for is not a Swift identifier.
            public static let invalidTypeName = Code(rawValue: "invalid_type_name")

            /// The code of a table issue.
            init(_ code: RouteTableBuildError.Issue.Code) { rawValue = code.rawValue }
            /// The code of a file error.
            init(_ code: RouteTableFileError.Code) { rawValue = code.rawValue }
            init(rawValue: String) { self.rawValue = rawValue }
        }

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

    /// The kind of failure as a whole; ``problems`` says what each problem is.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The stable snake_case name of the code.
        public let rawValue: String
        /// The ``rawValue``.
        public var description: String { rawValue }

        /// The file could not be read, or the table does not build: the problems are the SDK's
        /// (``RouteTableFileError``, ``RouteTableBuildError``).
        public static let invalidTable = Code(rawValue: "invalid_table")
        /// The Swift cannot be written: the type name, or names in the table, clash or are not identifiers.
        public static let unrepresentable = Code(rawValue: "unrepresentable")

        /// Matches an error of this kind: `catch RouteCodeGenerationError.Code.unrepresentable`.
        public static func ~= (pattern: Code, error: RouteCodeGenerationError) -> Bool { pattern == error.code }

        /// Matches an error of this kind, when the error is a ``RouteCodeGenerationError``.
        public static func ~= (pattern: Code, error: any Error) -> Bool {
            (error as? RouteCodeGenerationError).map { pattern == $0.code } ?? false
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

    /// The message: one line per problem, without a file name.
    public var description: String { message }
}
