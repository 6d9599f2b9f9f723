package c

//stitch:tool eval
type Eval struct {
	Expr  Expr   `json:"expr"`
	Value Value  `json:"value" jsonschema:"nullable"`
	Env   *Scope `json:"env,omitempty"`
}

// Expr is an arithmetic expression.
//
//stitch:union op
type Expr interface{ isExpr() }

//stitch:variant lit
type Lit struct {
	V float64 `json:"v"`
}

//stitch:variant add "plus one"
type Add struct {
	Op string `json:"op"`
	L  Expr   `json:"l"`
	R  Expr   `json:"r"`
}

func (Lit) isExpr()  {}
func (*Add) isExpr() {}

//stitch:union
type Value interface{ isValue() }

type Name string

type Pair struct {
	A int `json:"a"`
}

func (Name) isValue()  {}
func (*Pair) isValue() {}

type Scope struct {
	Vars   map[string]Expr `json:"vars"`
	Parent *Scope          `json:"parent,omitempty"`
}
