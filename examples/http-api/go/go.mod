module ordersexample

go 1.19

require orderserrors v0.0.0

replace orderserrors => ../generated/go
