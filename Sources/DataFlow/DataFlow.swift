@_exported import Observation
@_exported import OpenCombine
