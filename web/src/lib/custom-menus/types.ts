// The tenant's custom pages and menus as the server sends them (docs/api-system.md "Custom pages and menus"): the
// menus one user sees (GET /yun/customPage) and the whole configuration its editors read and save.
import type { Schema } from '@/types/schema';

/** GET /yun/customPage: `custom_page_json` holds the menus the signed-in user sees (null: none configured). */
export type CustomPageOut = Schema<'CustomPageOut'>;
export type CustomMenus = Schema<'CustomMenusOut'>;
export type CustomMenuEntry = Schema<'MenuEntryOut'>;
export type CustomMenuChild = Schema<'MenuChildOut'>;
export type CustomMenuKind = CustomMenuChild['kind'];

/** The whole configuration (GET /yun/customPage/config, PUT /yun/customPage). */
export type CustomPageConfigOut = Schema<'CustomPageConfigOut'>;
export type CustomPageDocument = Schema<'CustomPageDocument'>;
export type CustomPageIn = Schema<'CustomPageIn'>;
export type MenuEntryDoc = Schema<'MenuEntry'>;
export type MenuChildDoc = Schema<'MenuChild'>;
