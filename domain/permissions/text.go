package permissions

import "memo.dev/projects/domain"

// errText is err's sentence as a Text (a file that could not be read, a git
// config that could not be): its own Text when the error is exactly that
// sentence, so the window words it too; else its words unchanged in every
// language (a library's or the system's sentence).
func errText(err error) domain.Text {
	if t, ok := domain.TextOf(err); ok && t.String() == err.Error() {
		return t
	}
	return domain.Text{Template: "{{.Text}}", Args: map[string]any{"Text": err.Error()}}
}
