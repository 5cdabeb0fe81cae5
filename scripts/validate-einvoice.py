"""Validates e-invoices against published Schematron compiled to XSLT (EN 16931 and Peppol BIS Billing 3.0 for UBL,
EN 16931 for CII, France's BR-FR), with Saxon-HE. Usage: validate-einvoice.py <rules dir> <rule files, comma-separated>
<file.xml>...; prints one JSON object per file: {"file", "failures": [{"rules", "rule", "flag", "location", "text"}]}
(failed assertions of every rule set)."""
import json
import sys
import xml.etree.ElementTree as ET

from saxonche import PySaxonProcessor

SVRL = "{http://purl.oclc.org/dsdl/svrl}"


def main() -> None:
    rules_dir, rules, files = sys.argv[1], sys.argv[2].split(","), sys.argv[3:]
    with PySaxonProcessor(license=False) as proc:
        xslt = proc.new_xslt30_processor()
        compiled = [xslt.compile_stylesheet(stylesheet_file=f"{rules_dir}/{name}") for name in rules]
        for path in files:
            failures = []
            for name, executable in zip(rules, compiled):
                report = executable.transform_to_string(source_file=path)
                for failed in ET.fromstring(report).iter(f"{SVRL}failed-assert"):
                    text = failed.find(f"{SVRL}text")
                    failures.append(
                        {
                            "rules": name,
                            "rule": failed.get("id"),
                            "flag": failed.get("flag"),
                            "location": failed.get("location"),
                            "text": " ".join((text.text or "").split()) if text is not None else "",
                        }
                    )
            print(json.dumps({"file": path, "failures": failures}))


if __name__ == "__main__":
    main()
