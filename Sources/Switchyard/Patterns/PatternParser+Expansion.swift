extension PatternParser {
    /// Every combination of optional groups, shortest form first.
    static func expand(_ elements: [PatternElement], text: String) throws(PatternError) -> [[PatternSegment]] {
        var forms: [[PatternSegment]] = [[]]
        for element in elements {
            switch element {
            case .segment(let segment):
                for i in forms.indices { forms[i].append(segment) }
            case .optional(let inner):
                let innerForms = try expand(inner, text: text)
                var next: [[PatternSegment]] = []
                next.reserveCapacity(forms.count * (innerForms.count + 1))
                for form in forms {
                    next.append(form)
                    for innerForm in innerForms { next.append(form + innerForm) }
                }
                if next.count > maximumForms {
                    throw PatternError(.tooManyOptionalGroups,
                                       "optional groups give more than \(maximumForms) forms",
                                       pattern: text, position: nil)
                }
                forms = next
            }
        }
        return forms.sorted { $0.count < $1.count }
    }
}
