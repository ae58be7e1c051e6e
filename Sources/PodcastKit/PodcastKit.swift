import DataFlow
