package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"regexp"
	"strconv"
	"strings"
)

// A Mutant is one small change to one source file: the bytes Start..End of
// the file are replaced by New.
type Mutant struct {
	File       string // file name, relative to the package directory
	Line       int    // line of the change
	Op         string // the operator that made it (see operators)
	Start, End int    // byte offsets of the replaced text
	Old, New   string // the text replaced and its replacement
}

// String describes the mutant in one line: file:line op: old → new.
func (m Mutant) String() string {
	return fmt.Sprintf("%s:%d %s: %s → %s", m.File, m.Line, m.Op, oneLine(m.Old), oneLine(m.New))
}

// Apply returns src with the mutant's change made.
func (m Mutant) Apply(src []byte) []byte {
	out := make([]byte, 0, len(src)+len(m.New))
	out = append(out, src[:m.Start]...)
	out = append(out, m.New...)
	return append(out, src[m.End:]...)
}

// oneLine shortens text to one line for reports.
func oneLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 60 {
		s = s[:57] + "..."
	}
	return s
}

// The operators. Each names a class of change:
//
//	cmp     a comparison to its boundary or negation: < ↔ <=, > ↔ >=, == ↔ !=
//	arith   + ↔ -, * → /, and x++ ↔ x--, += ↔ -=
//	logic   && ↔ ||
//	const   an integer literal n → n+1 (0 → 1, 1 → 2, ...)
//	bool    true ↔ false
//	negate  an if condition c → !(c)
//	drop    a statement (a call, an assignment, ++ or --) removed
var flips = map[token.Token]token.Token{
	token.LSS: token.LEQ, token.LEQ: token.LSS, token.GTR: token.GEQ, token.GEQ: token.GTR,
	token.EQL: token.NEQ, token.NEQ: token.EQL,
	token.ADD: token.SUB, token.SUB: token.ADD, token.MUL: token.QUO,
	token.LAND: token.LOR, token.LOR: token.LAND,
	token.INC: token.DEC, token.DEC: token.INC,
	token.ADD_ASSIGN: token.SUB_ASSIGN, token.SUB_ASSIGN: token.ADD_ASSIGN,
}

// opClass names the operator class of a flipped token.
func opClass(t token.Token) string {
	switch t {
	case token.LAND, token.LOR:
		return "logic"
	case token.LSS, token.LEQ, token.GTR, token.GEQ, token.EQL, token.NEQ:
		return "cmp"
	}
	return "arith"
}

// Sites lists every mutant of one Go source file. Code that only writes the
// event log (inside `if s.log != nil { ... }`) and functions whose name
// matches skipFunc (nil: none) are left alone: the rules do not read them,
// and their mutants would only test the wording of events.
func Sites(name string, src []byte, skipFunc *regexp.Regexp) ([]Mutant, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	var out []Mutant
	add := func(op string, from, to token.Pos, repl string) {
		start, end := fset.Position(from).Offset, fset.Position(to).Offset
		out = append(out, Mutant{File: name, Line: fset.Position(from).Line, Op: op,
			Start: start, End: end, Old: string(src[start:end]), New: repl})
	}
	flipAt := func(pos token.Pos, tok token.Token) {
		if to, ok := flips[tok]; ok {
			add(opClass(tok), pos, pos+token.Pos(len(tok.String())), to.String())
		}
	}
	var visit func(n ast.Node) bool
	visit = func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncDecl:
			if skipFunc != nil && skipFunc.MatchString(n.Name.Name) {
				return false
			}
		case *ast.IfStmt:
			if isLogCheck(n.Cond) {
				if n.Else != nil {
					ast.Inspect(n.Else, visit)
				}
				return false
			}
			if b, ok := n.Cond.(*ast.BinaryExpr); !ok || (b.Op != token.EQL && b.Op != token.NEQ) {
				// (== and != are negated by cmp already)
				add("negate", n.Cond.Pos(), n.Cond.End(), "!("+string(src[fset.Position(n.Cond.Pos()).Offset:fset.Position(n.Cond.End()).Offset])+")")
			}
		case *ast.BinaryExpr:
			if n.Op == token.ADD && (isString(n.X) || isString(n.Y)) {
				return true // string concatenation
			}
			flipAt(n.OpPos, n.Op)
		case *ast.IncDecStmt:
			flipAt(n.TokPos, n.Tok)
		case *ast.AssignStmt:
			flipAt(n.TokPos, n.Tok)
		case *ast.BasicLit:
			if n.Kind == token.INT {
				if v, err := strconv.ParseInt(n.Value, 0, 64); err == nil {
					add("const", n.Pos(), n.End(), strconv.FormatInt(v+1, 10))
				}
			}
		case *ast.Ident:
			switch n.Name {
			case "true":
				add("bool", n.Pos(), n.End(), "false")
			case "false":
				add("bool", n.Pos(), n.End(), "true")
			}
		case *ast.BlockStmt:
			for _, st := range n.List {
				if droppable(st) {
					add("drop", st.Pos(), st.End(), dropped)
				}
			}
		case *ast.CaseClause:
			for _, st := range n.Body {
				if droppable(st) {
					add("drop", st.Pos(), st.End(), dropped)
				}
			}
		case *ast.GenDecl:
			if n.Tok == token.IMPORT {
				return false
			}
		}
		return true
	}
	ast.Inspect(f, visit)
	return out, nil
}

// dropped replaces a dropped statement.
const dropped = "_ = 0 /* dropped */"

// droppable reports whether removing st leaves code that still compiles in
// most cases: a call, an assignment with = or op=, ++ or --.
func droppable(st ast.Stmt) bool {
	switch st := st.(type) {
	case *ast.ExprStmt:
		_, call := st.X.(*ast.CallExpr)
		return call
	case *ast.AssignStmt:
		return st.Tok != token.DEFINE
	case *ast.IncDecStmt:
		return true
	}
	return false
}

// isLogCheck reports whether cond is `x.log != nil` (code that only writes
// events).
func isLogCheck(cond ast.Expr) bool {
	b, ok := cond.(*ast.BinaryExpr)
	if !ok || b.Op != token.NEQ {
		return false
	}
	sel, ok := b.X.(*ast.SelectorExpr)
	nilID, isNil := b.Y.(*ast.Ident)
	return ok && sel.Sel.Name == "log" && isNil && nilID.Name == "nil"
}

// isString reports whether e is plainly a string: a string literal or a
// concatenation holding one.
func isString(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.BasicLit:
		return e.Kind == token.STRING
	case *ast.BinaryExpr:
		return e.Op == token.ADD && (isString(e.X) || isString(e.Y))
	case *ast.ParenExpr:
		return isString(e.X)
	}
	return false
}
