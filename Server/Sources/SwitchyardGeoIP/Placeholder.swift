// The MaxMind-format reader lands here (issues 54 and 55).
import CMaxMindDB
