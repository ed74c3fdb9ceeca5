module plumbingexample

go 1.19

require plumbingerrors v0.0.0

replace plumbingerrors => ../generated/go
