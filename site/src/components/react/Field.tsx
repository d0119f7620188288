import { useId, type InputHTMLAttributes, type Ref } from 'react';

interface Props extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  hint?: string;
  error?: string | null;
  inputRef?: Ref<HTMLInputElement>;
}

/** A labelled input whose hint and error are read with it (aria-describedby) and marked aria-invalid. */
export default function Field({ label, hint, error, inputRef, id, className = '', ...input }: Props) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={inputId} className="text-sm font-semibold text-ink">
        {label}
      </label>
      {hint && (
        <p id={hintId} className="text-xs text-ink-soft">
          {hint}
        </p>
      )}
      <input
        id={inputId}
        ref={inputRef}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className="min-h-11 rounded-md border border-stone-400 bg-white px-3 py-2 text-base text-ink aria-[invalid=true]:border-red-700 aria-[invalid=true]:ring-1 aria-[invalid=true]:ring-red-700"
        {...input}
      />
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}

/** The first invalid field of a form, or its alert when no field is invalid. */
export function firstProblem(form: HTMLElement | null): HTMLElement | null {
  return form?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? form?.querySelector<HTMLElement>('[data-form-alert]') ?? null;
}

/** Moves focus to the first invalid field of a form, or to its alert when no field is invalid. */
export function focusFirstProblem(form: HTMLElement | null) {
  firstProblem(form)?.focus();
}
