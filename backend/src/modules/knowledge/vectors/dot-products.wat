(module
  ;; The agent's matrix, the question and the scores live in the memory the caller gives.
  (import "env" "memory" (memory 1))
  ;; dots(matrix, query, rows, dimensions, out): out[r] = Σ matrix[r][d] · query[d], as f32.
  ;; Byte offsets, 16-byte aligned; dimensions a multiple of 8 (the caller pads with zeros).
  (func (export "dots") (param $m i32) (param $q i32) (param $rows i32) (param $dims i32) (param $out i32)
    (local $end i32) (local $rowEnd i32) (local $qp i32) (local $a v128) (local $b v128)
    (local.set $end (i32.add (local.get $out) (i32.shl (local.get $rows) (i32.const 2))))
    (block $done
      (loop $row
        (br_if $done (i32.ge_u (local.get $out) (local.get $end)))
        (local.set $a (v128.const i32x4 0 0 0 0))
        (local.set $b (v128.const i32x4 0 0 0 0))
        (local.set $qp (local.get $q))
        (local.set $rowEnd (i32.add (local.get $m) (i32.shl (local.get $dims) (i32.const 2))))
        (block $rowDone
          (loop $dim
            (br_if $rowDone (i32.ge_u (local.get $m) (local.get $rowEnd)))
            (local.set $a (f32x4.add (local.get $a) (f32x4.mul (v128.load (local.get $m)) (v128.load (local.get $qp)))))
            (local.set $b (f32x4.add (local.get $b) (f32x4.mul (v128.load offset=16 (local.get $m)) (v128.load offset=16 (local.get $qp)))))
            (local.set $m (i32.add (local.get $m) (i32.const 32)))
            (local.set $qp (i32.add (local.get $qp) (i32.const 32)))
            (br $dim)))
        (local.set $a (f32x4.add (local.get $a) (local.get $b)))
        (f32.store (local.get $out)
          (f32.add
            (f32.add (f32x4.extract_lane 0 (local.get $a)) (f32x4.extract_lane 1 (local.get $a)))
            (f32.add (f32x4.extract_lane 2 (local.get $a)) (f32x4.extract_lane 3 (local.get $a)))))
        (local.set $out (i32.add (local.get $out) (i32.const 4)))
        (br $row)))))
