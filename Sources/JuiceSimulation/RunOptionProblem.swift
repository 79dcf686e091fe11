import JuiceCore

/// What is wrong with a popularity mix (`--mix`, or a demand file's juices), one case per problem, in Korean or English.
package enum MixProblem: Hashable, Sendable {
    /// A weight below 0, or none above 0.
    case noWeight
    /// A part that is not JUICE=WEIGHT.
    case notAWeight(String)
    /// A juice the recipes do not know, with the closest one.
    case unknownJuice(String, suggestion: String?)

    /// The explanation in `language`, with what to do about it.
    package func text(in language: Language) -> String {
        let ko = language == .korean
        switch self {
        case .noWeight:
            return ko ? "비율은 0 이상이고, 적어도 하나는 0보다 커야 해요" : "weights must be 0 or more, and at least one above 0"
        case .notAWeight(let part):
            return ko ? "쥬스=비율 형식이어야 해요 (예: banana-juice=5): '\(part)'" : "expected JUICE=WEIGHT, like banana-juice=5, not '\(part)'"
        case .unknownJuice(let name, let suggestion):
            return ko
                ? "모르는 쥬스예요: '\(name)'" + (suggestion.map { ". '\($0)'을(를) 말한 건가요?" } ?? "")
                : JuiceLookupError.unknown(name, suggestion: suggestion).description
        }
    }
}

/// What is wrong with a `--restock` rule, one case per problem, in Korean or English.
package enum RestockProblem: Hashable, Sendable {
    /// Not `every=K` or `below=T,to=C`; `numbers` tells whether a value was not a whole number.
    case notARule(String, numbers: Bool)
    /// `every=K` with other keys.
    case everyNotAlone
    /// `every=0`.
    case everyZero
    /// `to=C` below `below=T`.
    case toBelowThreshold(below: Int, to: Int)
    /// `to=C` above a fruit's capacity (the first such fruit); `most` is the highest `to` that every fruit takes.
    case aboveCapacity(to: Int, fruit: String, capacity: Int, most: Int)

    /// The explanation in `language`, with what to do about it.
    package func text(in language: Language) -> String {
        let ko = language == .korean
        switch self {
        case .notARule(let text, let numbers):
            return ko
                ? "--restock은 every=K나 below=T,to=C 형식이에요\(numbers ? " (값은 정수)" : ""): '\(text)'"
                : "--restock expects every=K or below=T,to=C\(numbers ? " with whole numbers" : ""), not '\(text)'"
        case .everyNotAlone:
            return ko
                ? "--restock every=K는 혼자 써요. below=T,to=C는 --restock을 하나 더 써서 주세요"
                : "--restock every=K stands alone; give below=T,to=C as another --restock"
        case .everyZero:
            return ko
                ? "--restock every=K의 K는 1 이상이어야 해요 (주문 K개마다 채워요). 지금: 0"
                : "--restock every=K needs K of at least 1 (refill every K orders), not 0"
        case .toBelowThreshold(let below, let to):
            return ko
                ? "--restock below=T,to=C의 C는 T 이상이어야 해요. 지금: below=\(below),to=\(to)"
                : "--restock below=T,to=C needs C of at least T, not below=\(below),to=\(to)"
        case .aboveCapacity(let to, let fruit, let capacity, let most):
            return ko
                ? "--restock to=\(KoreanParticle.subject.after(to)) '\(fruit)'의 용량(\(capacity))보다 커요. to=\(most) 이하로 쓰세요"
                : "--restock to=\(to) is above the capacity of '\(fruit)' (\(capacity)); use to=\(most) or less"
        }
    }
}
