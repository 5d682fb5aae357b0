// Column spans of the data source form: four, three or two fields a row from `sm` (576 px) up, fewer on a phone.
import type { ColProps } from 'antd';

/** A quarter row; half on a phone (numbers and short selects). */
export const QUARTER: ColProps = { xs: 12, sm: 6 };
/** A third of a row; the whole row on a phone. */
export const THIRD: ColProps = { xs: 24, sm: 8 };
/** Half a row; the whole row on a phone. */
export const HALF: ColProps = { xs: 24, sm: 12 };
