extension Signal {
  /// Delivers `transform(value)` for each value.
  public func map<Transformed: Sendable>(
    _ transform: @escaping @Sendable (Element) -> Transformed
  ) -> Signal<Transformed> {
    Signal<Transformed> { receive in
      subscribe { value, origin in receive(transform(value), origin) }
    }
  }

  /// Delivers the non-`nil` results of `transform`.
  public func compactMap<Transformed: Sendable>(
    _ transform: @escaping @Sendable (Element) -> Transformed?
  ) -> Signal<Transformed> {
    Signal<Transformed> { receive in
      subscribe { value, origin in
        if let transformed = transform(value) { receive(transformed, origin) }
      }
    }
  }

  /// Delivers only the values for which `isIncluded` returns `true`.
  public func filter(_ isIncluded: @escaping @Sendable (Element) -> Bool) -> Signal {
    Signal { receive in
      subscribe { value, origin in
        if isIncluded(value) { receive(value, origin) }
      }
    }
  }

  /// Calls `body` with each value before delivering it unchanged; for logging.
  public func onEach(_ body: @escaping @Sendable (Element) -> Void) -> Signal {
    Signal { receive in
      subscribe { value, origin in
        body(value)
        receive(value, origin)
      }
    }
  }

  /// Delivers `values` first, as soon as the reactor subscribes (when it is first used), then
  /// the values of this signal.
  public func prepend(_ values: Element...) -> Signal {
    Signal { receive in
      for value in values { receive(value, nil) }
      return subscribe(receive)
    }
  }

  /// Delivers the values of both signals as they come.
  public func merge(with other: Signal) -> Signal {
    Signal { receive in
      subscribe(receive).and(other.subscribe(receive))
    }
  }
}
