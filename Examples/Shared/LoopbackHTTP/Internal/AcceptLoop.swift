/// The loop that accepts connections on the listening socket, one thread per connection, until
/// the server stops; it then closes the listener.
enum AcceptLoop {
  /// Runs on the server's accept thread.
  static func run(listener: Socket, context: ServerContext) {
    defer { listener.close() }
    var acceptedCount = 0
    while true {
      let ready = Readiness.wait(for: [
        (listener.descriptor, .readable), (context.stopSignal.readEnd, .readable),
      ])
      if ready[1] { return }
      while let socket = listener.accept() {
        let number = acceptedCount
        acceptedCount += 1
        context.threads.spawn(named: "LoopbackHTTP connection \(number)") {
          Connection(socket: socket, number: number, context: context).run()
        }
      }
    }
  }
}
