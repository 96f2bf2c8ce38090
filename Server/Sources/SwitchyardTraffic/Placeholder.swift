// The click classifier lands here (issue 55).
