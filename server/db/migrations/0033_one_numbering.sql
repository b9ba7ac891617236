-- Issue 23: one numbering service (server/platform/numbering.ts, prefixes in core/stock/order-no.ts).
-- 1. The receivables' sequence rows were keyed 'arap_<prefix>'; every kind is now keyed by its name.
update izs_order_sequence set kind = case kind
    when 'arap_YS' then 'receivable'
    when 'arap_YF' then 'payable'
    when 'arap_SK' then 'collection'
    when 'arap_FK' then 'payment'
    when 'arap_TK' then 'refundAr'
    when 'arap_TS' then 'refundAp'
    when 'arap_DC' then 'offset'
    when 'arap_DB' then 'transfer'
  end
where kind in ('arap_YS', 'arap_YF', 'arap_SK', 'arap_FK', 'arap_TK', 'arap_TS', 'arap_DC', 'arap_DB');
--> statement-breakpoint
-- 2. 库存磅单 (KC…) and 物料报价单 (BJ…) were numbered max()+1 under an advisory lock, without a sequence row: each
--    (tenant, day) continues after the highest number already issued (deleted rows count, as they did).
insert into izs_order_sequence (tenant_id, kind, day, last)
select tenant_id, 'stockWeigh', substr(order_no, 3, 8), max(substr(order_no, 11)::int)
  from izs_stock_weigh_order
 where order_no ~ '^KC[0-9]{12,17}$'
 group by tenant_id, substr(order_no, 3, 8)
on conflict (tenant_id, kind, day) do update set last = greatest(izs_order_sequence.last, excluded.last);
--> statement-breakpoint
insert into izs_order_sequence (tenant_id, kind, day, last)
select tenant_id, 'materialQuote', substr(code, 3, 8), max(substr(code, 11)::int)
  from izs_material_quotes_order
 where code ~ '^BJ[0-9]{11}$'
 group by tenant_id, substr(code, 3, 8)
on conflict (tenant_id, kind, day) do update set last = greatest(izs_order_sequence.last, excluded.last);
-- 3. 运输单 now draw YD… (they were YS… by count(*)+1, the 应收单's prefix, and racy). Numbers already issued stay
--    as they are; YD starts at 0001, so nothing needs carrying over.
