print("signup: not implemented yet")
