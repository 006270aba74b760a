/// Where a test called into `ReactorsTesting`: failures are reported there.
struct CallSite: Sendable {
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt
}
