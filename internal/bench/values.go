package bench

import "reflect"

// ValueAllocs counts the heap allocations that a decoded value needs at
// the least: one per non-empty string, per non-empty slice, per non-nil
// pointer and map, and per struct held in an interface (boxing). A decoder
// that allocates exactly this many times allocates only for the values the
// result holds.
func ValueAllocs(v any) int {
	return countAllocs(reflect.ValueOf(v))
}

func countAllocs(v reflect.Value) int {
	switch v.Kind() {
	case reflect.String:
		return b2i(v.Len() > 0)
	case reflect.Pointer:
		if v.IsNil() {
			return 0
		}
		return 1 + countAllocs(v.Elem())
	case reflect.Interface:
		if v.IsNil() {
			return 0
		}
		e := v.Elem()
		return b2i(e.Kind() == reflect.Struct) + countAllocs(e)
	case reflect.Slice:
		if v.Len() == 0 {
			return 0
		}
		n := 1
		for i := range v.Len() {
			n += countAllocs(v.Index(i))
		}
		return n
	case reflect.Map:
		if v.IsNil() {
			return 0
		}
		n := 1
		for it := v.MapRange(); it.Next(); {
			n += countAllocs(it.Key()) + countAllocs(it.Value())
		}
		return n
	case reflect.Struct:
		n := 0
		for i := range v.NumField() {
			n += countAllocs(v.Field(i))
		}
		return n
	}
	return 0
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
