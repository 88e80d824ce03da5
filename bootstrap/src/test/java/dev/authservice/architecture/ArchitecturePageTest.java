package dev.authservice.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.tngtech.archunit.lang.ArchRule;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * docs/architecture.md draws and counts the code: which module holds a package of which capability, and the rules
 * {@link HexagonRules} checks. Each is read from the page and compared with the code, so that neither drifts.
 */
class ArchitecturePageTest {

    private static final Path PAGE = Path.of("..", "docs", "architecture.md");

    /** Each module's column in the table, and the package its capabilities are right under. */
    private static final Map<String, String> MODULES = Map.of(
            "domain", "domain",
            "application", "application",
            "adapters-web", "adapter.in.web",
            "adapters-persistence", "adapter.out.persistence",
            "adapters-crypto", "adapter.out.crypto",
            "adapters-telemetry", "adapter.out.telemetry",
            "adapters-unicode", "adapter.out.unicode",
            "adapters-mail", "adapter.out.mail",
            "adapters-oidc", "adapter.out.oidc",
            "bootstrap", "bootstrap");

    private static final List<String> COUNTS = List.of("zero", "one", "two", "three", "four", "five", "six", "seven",
            "eight", "nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
            "eighteen", "nineteen", "twenty");

    @Test
    void theCapabilityTableIsTheCode() throws IOException {
        List<List<String>> table = tableUnder("## One capability, one folder");
        List<String> header = table.get(0);
        for (String module : MODULES.keySet()) {
            int column = header.indexOf(module);
            Set<String> drawn = table.stream().skip(1).filter(row -> row.get(column).equals("✓"))
                    .map(row -> row.get(0).replace("`", "")).collect(Collectors.toCollection(TreeSet::new));
            assertEquals(packagesUnder(MODULES.get(module)), drawn, "the packages of " + module);
        }
    }

    @Test
    void theRuleListIsTheRules() throws IOException, ReflectiveOperationException {
        String page = Files.readString(PAGE);
        Matcher count = Pattern.compile("checks the (\\w+) rules of").matcher(page);
        count.find();
        List<String> listed = new ArrayList<>();
        Matcher item = Pattern.compile("(?m)^(\\d+)\\. `(\\w+)`").matcher(page.substring(count.end()));
        while (item.find() && Integer.parseInt(item.group(1)) == listed.size() + 1) {
            listed.add(item.group(2));
        }
        List<String> rules = ruleNamesInOrder();
        assertEquals(rules, listed);
        assertEquals(COUNTS.get(rules.size()), count.group(1));
    }

    /** The rule methods of {@link HexagonRules}, in the order {@code all()} checks them. */
    private static List<String> ruleNamesInOrder() throws ReflectiveOperationException {
        HexagonRules rules = new HexagonRules(ArchitectureTest.ROOT);
        Map<String, String> nameByDescription = new LinkedHashMap<>();
        for (Method method : HexagonRules.class.getDeclaredMethods()) {
            if (method.getReturnType() == ArchRule.class && method.getParameterCount() == 0) {
                nameByDescription.put(describe(method, rules), method.getName());
            }
        }
        List<String> ordered = rules.all().stream().map(rule -> nameByDescription.remove(rule.getDescription()))
                .toList();
        assertEquals(Map.of(), nameByDescription, "rules that all() does not check");
        return ordered;
    }

    private static String describe(Method method, HexagonRules rules) throws ReflectiveOperationException {
        try {
            return ((ArchRule) method.invoke(rules)).getDescription();
        } catch (InvocationTargetException e) {
            throw new IllegalStateException(method.getName(), e.getCause());
        }
    }

    private static Set<String> packagesUnder(String module) {
        String prefix = ArchitectureTest.ROOT + "." + module + ".";
        return ArchitectureTest.PRODUCTION.stream().map(c -> c.getPackageName() + ".")
                .filter(name -> name.startsWith(prefix) && name.length() > prefix.length())
                .map(name -> name.substring(prefix.length()).split("\\.")[0])
                .collect(Collectors.toCollection(TreeSet::new));
    }

    /** The first Markdown table after the heading, row by row, cell by cell (the separator row left out). */
    private static List<List<String>> tableUnder(String heading) throws IOException {
        List<String> lines = Files.readAllLines(PAGE);
        int start = lines.indexOf(heading);
        List<List<String>> rows = new ArrayList<>();
        for (String line : lines.subList(start, lines.size())) {
            if (line.startsWith("|")) {
                if (!line.startsWith("|---")) {
                    rows.add(Arrays.stream(line.substring(1, line.length() - 1).split("\\|", -1)).map(String::strip)
                            .toList());
                }
            } else if (!rows.isEmpty()) {
                break;
            }
        }
        return rows;
    }
}
