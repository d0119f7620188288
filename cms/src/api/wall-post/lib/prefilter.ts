// The word-list prefilter: marks likely problems for moderators. It never publishes or rejects anything.
import { englishDataset, englishRecommendedTransformers, RegExpMatcher } from 'obscenity';

const matcher = new RegExpMatcher({ ...englishDataset.build(), ...englishRecommendedTransformers });

/** The listed words found in a post (each once, in the order they first appear); empty when nothing matched. */
export function prefilterFlags(...texts: string[]): string[] {
  const found = new Set<string>();
  for (const text of texts) {
    for (const match of matcher.getAllMatches(text, true)) {
      const word = englishDataset.getPayloadWithPhraseMetadata(match).phraseMetadata?.originalWord;
      if (word) found.add(word);
    }
  }
  return [...found];
}
