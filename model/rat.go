package model

import "math/big"

type bigRat = big.Rat
