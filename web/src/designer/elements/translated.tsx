// A translated text as its own small component: an element that shows one only in some cases (an empty text's name,
// a missing symbol, an image not chosen yet) subscribes to the language only when it does. A screen draws hundreds
// of elements, and a language subscription each cost the designer's opening (benchmark B7).
import { useTranslation } from 'react-i18next';

export function Translated({ k }: { k: string }) {
  const { t } = useTranslation();
  return t(k);
}
