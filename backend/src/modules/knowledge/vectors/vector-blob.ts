/**
 * A vector as stored (knowledge_passage_vectors.embedding): its Float32 values' bytes,
 * little-endian as every platform Node runs on here lays them out, 4 bytes a dimension
 * (VectorMatrix.setRow reads them back).
 */
export function vectorToBlob(vector: Float32Array): Buffer {
  return Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);
}
