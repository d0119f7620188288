import { languageHasOwnScript, NAME_IN_SCRIPT_MAX, type CompetitionKind } from '@writory/shared';
import { tFor } from '../../lib/entry-words';
import Field from '../react/Field';

interface Props {
  /** Poem or story (a poem when not said): how the label names the entry. */
  kind?: CompetitionKind;
  /** The poem's language as the poet typed it: the field shows only when it is written in a script other than Latin. */
  language: string;
  value: string;
  error?: string;
  onChange(value: string): void;
}

/** The poet's name as written in the poem's own script (optional): one more form of the name hidden from judges. */
export default function NameInScriptField({ kind = 'poem', language, value, error, onChange }: Props) {
  if (!languageHasOwnScript(language)) return null;
  return (
    <Field
      label={tFor(kind, 'submit.nameInScript')}
      name="nameInScript"
      autoComplete="off"
      maxLength={NAME_IN_SCRIPT_MAX}
      dir="auto"
      hint={tFor(kind, 'submit.nameInScriptHint')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
    />
  );
}
