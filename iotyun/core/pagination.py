"""List paging: ?page=1&page_size=20 → {items, total, page, page_size}, one count and one page query; and the
LIKE pattern every list search uses."""

from typing import Annotated, Generic, TypeVar

from fastapi import Depends, Query
from pydantic import BaseModel
from sqlalchemy import Select, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from iotyun.core.limits import PAGE_MAX, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX

T = TypeVar("T")


# Every search's LIKE takes the caller's text literally: its %, _ and the escape character itself are escaped.
LIKE_ESCAPE = "\\"


def like_pattern(text: str) -> str:
    """`%text%` for LIKE/ILIKE with escape=LIKE_ESCAPE: matches values containing `text` as written."""
    escaped = text.replace(LIKE_ESCAPE, LIKE_ESCAPE * 2).replace("%", LIKE_ESCAPE + "%").replace("_", LIKE_ESCAPE + "_")
    return f"%{escaped}%"


class PageParams(BaseModel):
    page: int = 1
    page_size: int = PAGE_SIZE_DEFAULT


async def _page_params(
    page: Annotated[int, Query(ge=1, le=PAGE_MAX)] = 1,
    page_size: Annotated[int, Query(ge=1, le=PAGE_SIZE_MAX)] = PAGE_SIZE_DEFAULT,
) -> PageParams:
    return PageParams(page=page, page_size=page_size)


PageDep = Annotated[PageParams, Depends(_page_params)]


class Page(BaseModel, Generic[T]):
    items: list[T]
    total: int
    page: int
    page_size: int


async def paginate(session: AsyncSession, stmt: Select[T], params: PageParams) -> tuple[list[T], int]:
    """Rows of one page and the total, for a statement already scoped by its repository."""
    total = (await session.execute(select(func.count()).select_from(stmt.order_by(None).subquery()))).scalar_one()
    page = stmt.limit(params.page_size).offset((params.page - 1) * params.page_size)
    rows: list[T] = list((await session.scalars(page)).all())
    return rows, int(total)
