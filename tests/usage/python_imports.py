"""What Python's own parser says a file imports, as errdex's usage reads it.

Reads a JSON list of {"text", "package"} on stdin and prints, for each, the names imported
unchanged (`from M import name`, any M but the standard library's), whether a `*` is imported, every function the
file defines (`def`/`async def`, at any depth), the names bound to the package or to what
it holds, and what the package gives under another name: the facts
`errdex_codegen::usage::python::Imports` reads from the text line by line.
"""
import ast
import json
import sys


def of_package(module, package):
    return module == package or module.startswith(package + ".")


def facts(text, package):
    tree = ast.parse(text)
    names, defined, modules, aliases, star = set(), set(), set(), set(), False
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            defined.add(node.name)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if of_package(alias.name, package):
                    modules.add(alias.asname or alias.name.split(".")[0])
        elif isinstance(node, ast.ImportFrom):
            top = (node.module or "").split(".")[0]
            if node.level == 0 and top in sys.stdlib_module_names:
                # `from logging import error`: the standard library's, never the package's.
                continue
            ours = node.level == 0 and of_package(node.module or "", package)
            for alias in node.names:
                if alias.name == "*":
                    star = True
                    continue
                if alias.asname is None or alias.asname == alias.name:
                    names.add(alias.name)
                if ours:
                    modules.add(alias.asname or alias.name)
                    if alias.asname and alias.asname != alias.name:
                        aliases.add((alias.name, alias.asname))
    return {
        "names": sorted(names),
        "star": star,
        "defined": sorted(defined),
        "modules": sorted(modules),
        "aliases": sorted(list(a) for a in aliases),
    }


print(json.dumps([facts(f["text"], f["package"]) for f in json.load(sys.stdin)]))
