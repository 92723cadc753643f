// Offset paging for the back-office lists ({ data, current_page, last_page, total, per_page }).
export interface PageRequest {
  page: number;
  per_page: number;
}

export const skipTake = ({ page, per_page }: PageRequest) => ({ skip: (page - 1) * per_page, take: per_page });

export const pagedList = <T>(data: T[], total: number, { page, per_page }: PageRequest) => ({
  data,
  current_page: page,
  last_page: Math.max(1, Math.ceil(total / per_page)),
  total,
  per_page,
});
