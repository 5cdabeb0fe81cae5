import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.mustangproject.validator.ZUGFeRDValidator;

/**
 * Validates each file named on the command line with Mustang's ZUGFeRDValidator (PDF/A by veraPDF, XMP, XSD,
 * EN 16931 and Factur-X Schematron) in this one JVM, and writes its XML report beside it as FILE.mustang.xml.
 * One JVM for many files: veraPDF's start-up is paid once.
 */
public class MustangValidate {
  public static void main(String[] args) throws Exception {
    for (String file : args) {
      String report;
      try {
        report = new ZUGFeRDValidator().validate(file);
      } catch (RuntimeException e) {
        StringWriter trace = new StringWriter();
        e.printStackTrace(new PrintWriter(trace));
        report = "<validation><messages><exception>" + escape(trace.toString()) + "</exception></messages>"
            + "<summary status=\"invalid\"/></validation>";
      }
      Files.writeString(Path.of(file + ".mustang.xml"), report, StandardCharsets.UTF_8);
    }
  }

  private static String escape(String text) {
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
  }
}
