import { describe, expect, it } from 'vitest';

import en from '@/locales/en/designer-model.json';
import zh from '@/locales/zh/designer-model.json';

import { PROBLEM_KINDS } from './validate';

describe('texts of the document model', () => {
  it.each([
    ['zh', zh],
    ['en', en],
  ])('%s names every problem validateDocument reports', (_lang, catalogue) => {
    const problems: Record<string, string> = catalogue.designer.problems;
    expect(Object.keys(problems).sort()).toEqual([...PROBLEM_KINDS].sort());
    expect(Object.values(problems).every((text) => text.trim().length > 0)).toBe(true);
  });
});
