// Template parameters as JSON text, validated as you type: the editor keeps whatever was typed (so
// nothing is lost mid-edit) and marks it invalid until it parses as a JSON object.
import { useState } from 'react';

export function templateParamsError(text: string): string | null {
  if (!text.trim()) return null;
  try {
    const value = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? null : 'Parameters must be a JSON object, e.g. {"limit": 10}';
  } catch (e) {
    return `Invalid JSON: ${(e as Error).message}`;
  }
}

export function TemplateParamsEditor({ value, onChange }: { value: string; onChange: (text: string) => void }) {
  const [text, setText] = useState(value);
  const error = templateParamsError(text);
  return (
    <div className="template-params">
      <label className="field">
        <span className="field__label">
          Template parameters <span className="field__hint">JSON object; use as {'{{ name }}'} in SQL</span>
        </span>
        <textarea
          className="textarea template-params__input"
          rows={4}
          spellCheck={false}
          aria-label="Template parameters"
          aria-invalid={Boolean(error)}
          aria-describedby="template-params-status"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            onChange(e.target.value);
          }}
        />
      </label>
      <p id="template-params-status" className={error ? 'template-params__error' : 'template-params__ok'} role="status">
        {error ?? (text.trim() ? 'Valid JSON' : 'No parameters')}
      </p>
    </div>
  );
}
