import CICU

/// ICU's regular-expression error code in words.
func regexErrorDescription(_ error: Int32) -> String {
    guard let name = nicu_error_name(error) else { return "syntax error" }
    let text = String(cString: name)
    switch text {
    case "U_REGEX_MISMATCHED_PAREN": return "unbalanced parenthesis"
    case "U_REGEX_MISSING_CLOSE_BRACKET": return "missing ]"
    case "U_REGEX_RULE_SYNTAX": return "syntax error"
    case "U_REGEX_BAD_ESCAPE_SEQUENCE": return "bad escape sequence"
    case "U_REGEX_BAD_INTERVAL": return "bad {min,max} interval"
    case "U_REGEX_MAX_LT_MIN": return "{min,max} with max below min"
    case "U_REGEX_NUMBER_TOO_BIG": return "number too big in {min,max}"
    case "U_REGEX_INVALID_RANGE": return "invalid range in [ ]"
    case "U_REGEX_INVALID_CAPTURE_GROUP_NAME": return "invalid capture group name"
    case "U_REGEX_PROPERTY_SYNTAX": return "bad \\p{…} property"
    case "U_REGEX_LOOK_BEHIND_LIMIT": return "look-behind without a bounded length"
    default: return text
    }
}
