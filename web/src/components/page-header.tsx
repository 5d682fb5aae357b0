// Title row at the top of a console page.
import { Typography } from 'antd';
import type { ReactNode } from 'react';

interface PageHeaderProps {
  title: ReactNode;
  subTitle?: ReactNode;
  extra?: ReactNode;
}

export function PageHeader({ title, subTitle, extra }: PageHeaderProps) {
  return (
    <div className="page-header">
      <div className="page-header__titles">
        <Typography.Title level={4} className="page-header__title">
          {title}
        </Typography.Title>
        {subTitle && <Typography.Text type="secondary">{subTitle}</Typography.Text>}
      </div>
      {extra && <div className="page-header__extra">{extra}</div>}
    </div>
  );
}
