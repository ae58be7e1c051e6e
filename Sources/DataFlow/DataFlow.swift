@_exported import Observation
@_exported import OpenCombine
@_exported import TerminalCanvas
