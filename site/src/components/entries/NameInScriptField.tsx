import { languageHasOwnScript, NAME_IN_SCRIPT_MAX } from '@writory/shared';
import { t } from '../../i18n/t';
import Field from '../react/Field';

interface Props {
  /** The poem's language as the poet typed it: the field shows only when it is written in a script other than Latin. */
  language: string;
  value: string;
  error?: string;
  onChange(value: string): void;
}

/** The poet's name as written in the poem's own script (optional): one more form of the name hidden from judges. */
export default function NameInScriptField({ language, value, error, onChange }: Props) {
  if (!languageHasOwnScript(language)) return null;
  return (
    <Field
      label={t('submit.nameInScript')}
      name="nameInScript"
      autoComplete="off"
      maxLength={NAME_IN_SCRIPT_MAX}
      dir="auto"
      hint={t('submit.nameInScriptHint')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
    />
  );
}
