// antd's Empty with its simple picture (components/simple-empty.tsx loads it when first shown).
import { Empty } from 'antd';
import type { ReactNode } from 'react';

export default function SimpleEmptyView({
  description,
  children,
}: {
  description: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={description}>
      {children}
    </Empty>
  );
}
