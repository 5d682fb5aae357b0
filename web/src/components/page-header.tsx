// Title row at the top of a console page: plain elements in antd Typography's look (app/global.css), as a page's
// first screen need not load Typography (its editable and copyable text brings antd's Input along).
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
        <h4 className="page-header__title">{title}</h4>
        {subTitle && <span className="text-secondary">{subTitle}</span>}
      </div>
      {extra && <div className="page-header__extra">{extra}</div>}
    </div>
  );
}
