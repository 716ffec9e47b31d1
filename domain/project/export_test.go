package project

// Internals the external tests need.
var (
	ReadFile  = readFile
	WriteFile = writeFile
	SHA256Hex = sha256Hex
)

func (f *File) SetRulesHash(h string) { f.setRulesHash(h) }
