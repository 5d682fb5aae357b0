// dayjs in the app's language (zh-cn or en), following the store as i18next and antd's locale do. Loaded by the antd
// layout (app/antd-root.tsx), around every page that shows a date, rather than by the entry: /login shows none and
// loads no dayjs.
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';

import type { Language } from './constants';
import { appStore } from './session';

const DAYJS_LOCALE: Record<Language, string> = { zh: 'zh-cn', en: 'en' };

function follow(language: Language): void {
  dayjs.locale(DAYJS_LOCALE[language]);
}

follow(appStore.getState().language);
appStore.subscribe((state, prev) => {
  if (state.language !== prev.language) follow(state.language);
});
