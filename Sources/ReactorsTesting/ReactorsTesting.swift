@_exported import Reactors
