// A list page's toolbar: search, filters and actions on one wrapping row (on a phone the search takes its own line
// and the selects share the width: `.list-toolbar` in app/global.css), and its search box bound to the list's URL.
import { Input } from 'antd';
import type { ReactNode } from 'react';

import { useSyncedText } from '@/lib/route-params';

export function ListToolbar({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={className ? `${className} list-toolbar` : 'list-toolbar'}>{children}</div>;
}

export interface ListSearchProps {
  /** The search the list runs now (the URL's value); the box follows it when the URL changes. */
  value: string | undefined;
  /** Runs a search: the trimmed text, or undefined for none (also when the box is emptied). */
  onSearch: (q: string | undefined) => void;
  /** The placeholder, also the box's accessible name. */
  placeholder: string;
  className?: string;
}

export function ListSearch({ value, onSearch, placeholder, className }: ListSearchProps) {
  const [text, setText] = useSyncedText(value);
  return (
    <Input.Search
      className={className}
      allowClear
      value={text}
      placeholder={placeholder}
      aria-label={placeholder}
      onChange={(e) => {
        setText(e.target.value);
        if (e.target.value === '' && value) onSearch(undefined);
      }}
      onSearch={(typed) => onSearch(typed.trim() || undefined)}
    />
  );
}
