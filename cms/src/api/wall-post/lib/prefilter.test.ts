import { describe, expect, it } from 'vitest';
import { prefilterFlags } from './prefilter';

describe('prefilterFlags', () => {
  it.each([
    ['plain profanity', 'what the fuck is this', ['fuck']],
    ['disguised spelling', 'you are a b1tch', ['bitch']],
    ['in the title or the text', ['Shit happens', 'a quiet poem'], ['shit']],
  ])('marks %s', (_name, input, expected) => {
    expect(prefilterFlags(...(Array.isArray(input) ? input : [input]))).toEqual(expected);
  });

  it.each([
    ['an ordinary poem', 'The river keeps\n  its own slow counsel\nunder the bridge of glass.'],
    ['words that only contain a listed word', 'The assassin passed the class in Scunthorpe.'],
    ['Arabic', 'على شاطئ البحر\nأكتب اسمك على الرمل'],
    ['Hindi', 'नदी के किनारे\nचाँद की रोशनी में'],
    ['markup', '<script>alert(1)</script>'],
  ])('leaves %s unmarked', (_name, text) => {
    expect(prefilterFlags(text)).toEqual([]);
  });
});
