/// Which part of the interactive form takes the keys: one of the fields, or the button.
enum FormFocus: CaseIterable, Equatable {
  case username
  case password
  case repeatedPassword
  case signUpButton

  /// The next stop (Tab), wrapping from the button to the first field.
  var next: FormFocus {
    let all = Self.allCases
    return all[(all.firstIndex(of: self)! + 1) % all.count]
  }

  /// The previous stop (Shift-Tab), wrapping from the first field to the button.
  var previous: FormFocus {
    let all = Self.allCases
    return all[(all.firstIndex(of: self)! + all.count - 1) % all.count]
  }
}
