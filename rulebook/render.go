package rulebook

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"

	"scramble/internal/textwrap"
)

// markdown is the one goldmark configuration of the references: tables,
// and explicit heading anchors ({#id}).
func markdown() goldmark.Markdown {
	return goldmark.New(
		goldmark.WithExtensions(extension.Table),
		goldmark.WithParserOptions(parser.WithAttribute()),
	)
}

// HTML renders the whole reference as HTML: each heading carries its anchor
// as id, each ruling heading the class "ruling".
func (b *Book) HTML() (string, error) { return renderHTML(b.Source) }

// HTML renders the section as HTML.
func (s Section) HTML() (string, error) { return renderHTML(s.Markdown) }

func renderHTML(src string) (string, error) {
	md := markdown()
	source := []byte(src)
	doc := md.Parser().Parse(text.NewReader(source))
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n.Kind() {
		case ast.KindHeading:
			if ruleRE.MatchString(string(nodeText(n, source))) {
				n.SetAttributeString("class", []byte("ruling"))
			}
		case ast.KindParagraph:
			if strings.HasPrefix(string(nodeText(n, source)), "Designed:") {
				n.SetAttributeString("class", []byte("designed"))
			}
		}
		return ast.WalkContinue, nil
	})
	var out bytes.Buffer
	if err := md.Renderer().Render(&out, source, doc); err != nil {
		return "", fmt.Errorf("rendering the rules reference: %w", err)
	}
	return out.String(), nil
}

// Text renders the section as plain text for a terminal of the given width
// (at least 40 columns): headings underlined, paragraphs wrapped, lists
// indented, tables aligned, no Markdown marks left.
func (s Section) Text(width int) string { return renderText(s.Markdown, width) }

// Text renders the whole reference as plain text.
func (b *Book) Text(width int) string { return renderText(b.Source, width) }

func renderText(src string, width int) string {
	width = max(width, 40)
	source := []byte(src)
	doc := markdown().Parser().Parse(text.NewReader(source))
	var out strings.Builder
	var block func(n ast.Node, indent, bullet string)
	block = func(n ast.Node, indent, bullet string) {
		switch n := n.(type) {
		case *ast.Heading:
			t := string(nodeText(n, source))
			out.WriteString(indent + t + "\n")
			mark := "-"
			if n.Level <= 2 {
				mark = "="
			}
			out.WriteString(indent + strings.Repeat(mark, min(len([]rune(t)), width-len(indent))) + "\n\n")
		case *ast.Paragraph, *ast.TextBlock:
			out.WriteString(textwrap.Hanging(indent+bullet, strings.Repeat(" ", len([]rune(indent+bullet))), string(nodeText(n, source)), width))
			if n.Kind() == ast.KindParagraph || n.NextSibling() != nil {
				out.WriteString("\n")
			}
		case *ast.List:
			k := 1
			for c := n.FirstChild(); c != nil; c = c.NextSibling() {
				mark := "- "
				if n.IsOrdered() {
					mark = fmt.Sprintf("%d. ", n.Start+k-1)
				}
				first := true
				for cc := c.FirstChild(); cc != nil; cc = cc.NextSibling() {
					if first {
						block(cc, indent, mark)
						first = false
					} else {
						block(cc, indent+strings.Repeat(" ", len(mark)), "")
					}
				}
				k++
			}
			if n.IsTight {
				out.WriteString("\n")
			}
		case *ast.Blockquote:
			for c := n.FirstChild(); c != nil; c = c.NextSibling() {
				block(c, indent+"| ", "")
			}
		case *ast.FencedCodeBlock, *ast.CodeBlock:
			lines := n.Lines()
			for i := 0; i < lines.Len(); i++ {
				seg := lines.At(i)
				out.WriteString(indent + "    " + string(seg.Value(source)))
			}
			out.WriteString("\n")
		case *east.Table:
			table(&out, n, source, indent)
		case *ast.ThematicBreak:
			out.WriteString(indent + strings.Repeat("-", 20) + "\n\n")
		default:
			for c := n.FirstChild(); c != nil; c = c.NextSibling() {
				block(c, indent, bullet)
			}
		}
	}
	for c := doc.FirstChild(); c != nil; c = c.NextSibling() {
		block(c, "", "")
	}
	return strings.TrimRight(out.String(), "\n") + "\n"
}

// table writes a table with its columns aligned.
func table(out *strings.Builder, t *east.Table, source []byte, indent string) {
	var rows [][]string
	for r := t.FirstChild(); r != nil; r = r.NextSibling() {
		var cells []string
		for c := r.FirstChild(); c != nil; c = c.NextSibling() {
			cells = append(cells, string(nodeText(c, source)))
		}
		rows = append(rows, cells)
	}
	var widths []int
	for _, r := range rows {
		for i, c := range r {
			if i >= len(widths) {
				widths = append(widths, 0)
			}
			widths[i] = max(widths[i], len([]rune(c)))
		}
	}
	for k, r := range rows {
		line := indent
		for i, c := range r {
			if i > 0 {
				line += "  "
			}
			line += c + strings.Repeat(" ", widths[i]-len([]rune(c)))
		}
		out.WriteString(strings.TrimRight(line, " ") + "\n")
		if k == 0 {
			sep := indent
			for i, w := range widths {
				if i > 0 {
					sep += "  "
				}
				sep += strings.Repeat("-", w)
			}
			out.WriteString(sep + "\n")
		}
	}
	out.WriteString("\n")
}

// nodeText is the plain text of n's inline content: emphasis and link marks
// dropped, code spans kept as their text, line breaks as spaces.
func nodeText(n ast.Node, source []byte) []byte {
	var b bytes.Buffer
	var walk func(n ast.Node)
	walk = func(n ast.Node) {
		for c := n.FirstChild(); c != nil; c = c.NextSibling() {
			switch c := c.(type) {
			case *ast.Text:
				b.Write(c.Value(source))
				if c.SoftLineBreak() || c.HardLineBreak() {
					b.WriteByte(' ')
				}
			case *ast.String:
				b.Write(c.Value)
			case *ast.CodeSpan:
				walk(c)
			case *ast.AutoLink:
				b.Write(c.URL(source))
			default:
				walk(c)
			}
		}
	}
	walk(n)
	return b.Bytes()
}
