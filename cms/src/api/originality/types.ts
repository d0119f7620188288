// What other domains read of the originality check's answers.
export type TextKind = 'entry' | 'wall-post';

export interface SimilarText {
  kind: TextKind;
  refId: number;
  /** Estimated share of the two texts' 5-letter fragments they have in common (0–1). */
  similarity: number;
}
