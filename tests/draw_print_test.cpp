// The print-and-play PDF and the position diagrams, checked from outside: page counts and sizes
// as pdfinfo reads them, every page rendered by pdftoppm and carrying ink in its body, black and
// white without colour, SVG that xmllint accepts, and the command line's errors.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "cli_test_util.h"
#include "draw/diagram_image.h"
#include "draw/print_set.h"

namespace kirin::draw {
namespace {

namespace fs = std::filesystem;

std::string run(const std::string& cmd) {
  FILE* p = popen((cmd + " 2>&1").c_str(), "r");
  std::string out;
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
  pclose(p);
  return out;
}

// One directory per test run, removed when the tests end.
struct ScratchDir {
  fs::path path = fs::temp_directory_path() / ("kirin_draw_test_" + std::to_string(::getpid()));
  ScratchDir() { fs::create_directories(path); }
  ~ScratchDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
};

fs::path scratch(const std::string& name) {
  static ScratchDir dir;
  return dir.path / name;
}

fs::path write(const std::string& name, const std::string& bytes) {
  const fs::path p = scratch(name);
  std::ofstream(p, std::ios::binary) << bytes;
  return p;
}

struct PdfInfo {
  int pages = 0;
  std::vector<std::pair<long, long>> sizes;  // points, rounded
};

PdfInfo pdf_info(const fs::path& pdf) {
  PdfInfo info;
  const std::string out = run("pdfinfo -f 1 -l 999 '" + pdf.string() + "'");
  std::smatch m;
  if (std::regex_search(out, m, std::regex("Pages:\\s+(\\d+)"))) info.pages = std::stoi(m[1]);
  const std::regex size_re("Page +\\d+ size: +([0-9.]+) x ([0-9.]+) pts");
  for (auto it = std::sregex_iterator(out.begin(), out.end(), size_re); it != std::sregex_iterator(); ++it)
    info.sizes.push_back({std::lround(std::stod((*it)[1])), std::lround(std::stod((*it)[2]))});
  return info;
}

// A binary PGM/PPM (P5/P6, maxval 255) as written by pdftoppm.
struct Image {
  int width = 0, height = 0, channels = 1;
  std::vector<unsigned char> pixels;
};

Image read_pnm(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  Image img;
  std::string magic;
  int maxval;
  in >> magic >> img.width >> img.height >> maxval;
  in.get();
  img.channels = magic == "P6" ? 3 : 1;
  img.pixels.resize(size_t(img.width) * img.height * img.channels);
  in.read(reinterpret_cast<char*>(img.pixels.data()), std::streamsize(img.pixels.size()));
  return img;
}

// Renders every page; returns them in page order.
std::vector<Image> render_pages(const fs::path& pdf, bool colour) {
  const fs::path prefix = pdf.parent_path() / (pdf.stem().string() + "_page");
  run(std::string("pdftoppm -r 20 ") + (colour ? "" : "-gray ") + "'" + pdf.string() + "' '" + prefix.string() + "'");
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(pdf.parent_path()))
    if (e.path().filename().string().starts_with(prefix.filename().string())) files.push_back(e.path());
  std::sort(files.begin(), files.end());
  std::vector<Image> out;
  for (const auto& f : files) out.push_back(read_pnm(f));
  return out;
}

// Share of dark pixels between the header and the footer (the body of the page).
double body_ink(const Image& img) {
  long dark = 0, total = 0;
  for (int y = img.height / 12; y < img.height * 11 / 12; ++y)
    for (int x = 0; x < img.width; ++x) {
      ++total;
      dark += img.pixels[(size_t(y) * img.width + x) * img.channels] < 160;
    }
  return double(dark) / double(total);
}

PrintOptions options(const std::string& game, Paper paper = Paper::A4) {
  PrintOptions o;
  o.game = game;
  o.paper = paper;
  return o;
}

void expect_pages(const PrintOptions& o, int pages, std::pair<long, long> size) {
  auto pdf = render_print_set(o);
  ASSERT_TRUE(pdf.ok()) << pdf.error();
  const fs::path file = write(o.game + (o.paper == Paper::A4 ? "_a4" : "_letter") + ".pdf", *pdf);
  const PdfInfo info = pdf_info(file);
  EXPECT_EQ(info.pages, pages) << o.game;
  ASSERT_EQ(info.sizes.size(), size_t(pages));
  for (auto s : info.sizes) EXPECT_EQ(s, size) << o.game;
  auto contents = print_set_contents(o);
  ASSERT_TRUE(contents.ok());
  EXPECT_EQ(contents->size(), size_t(pages));
  const auto images = render_pages(file, false);
  ASSERT_EQ(images.size(), size_t(pages));
  for (size_t i = 0; i < images.size(); ++i)
    EXPECT_GT(body_ink(images[i]), 0.01) << o.game << " page " << i + 1 << " (" << (*contents)[i] << ") is blank";
}

const std::pair<long, long> A4{595, 842}, LETTER{612, 792};

// Title page, four board quadrants, hands, two sheets of 40 tiles (80 pieces), four pages of
// twelve movement diagrams (39 kinds).
TEST(PrintSet, ChuSeireigiA4HasTwelvePagesOfA4AllInked) { expect_pages(options("chuseireigi"), 12, A4); }

// No hands; 92 pieces on three sheets; 46 kinds on four diagram pages.
TEST(PrintSet, ChuShogiLetterHasTwelvePagesOfLetterAllInked) {
  expect_pages(options("chushogi", Paper::LETTER), 12, LETTER);
}

// Title page, one board page, one sheet of 32 discs, one page of 7 diagrams.
TEST(PrintSet, XiangqiA4HasFourPagesAllInked) { expect_pages(options("xiangqi"), 4, A4); }

TEST(PrintSet, ContentsListTheSeedsPagesInOrder) {
  auto c = print_set_contents(options("chuseireigi"));
  ASSERT_TRUE(c.ok());
  const std::vector<std::string> want = {"Setup, contents, printing and assembly",
                                         "Board - Upper Left Quadrant",
                                         "Board - Upper Right Quadrant",
                                         "Board - Lower Left Quadrant",
                                         "Board - Lower Right Quadrant",
                                         "Hands",
                                         "Pieces (1/2)",
                                         "Pieces (2/2)",
                                         "Movement diagrams (1/4)",
                                         "Movement diagrams (2/4)",
                                         "Movement diagrams (3/4)",
                                         "Movement diagrams (4/4)"};
  EXPECT_EQ(*c, want);
}

TEST(PrintSet, PrintingNoteNamesTheDoubleSidedPages) {
  auto pdf = render_print_set(options("chuseireigi"));
  ASSERT_TRUE(pdf.ok());
  const std::string text = run("pdftotext -f 1 -l 1 '" + write("note.pdf", *pdf).string() + "' -");
  std::string flat = std::regex_replace(text, std::regex("\\s+"), " ");
  EXPECT_NE(flat.find("Pages 1-8 must be printed single-sided"), std::string::npos) << flat;
  EXPECT_NE(flat.find("Pages 9-12 (the movement diagrams) may be printed double-sided"), std::string::npos) << flat;
}

TEST(PrintSet, BlackAndWhiteHasNoColouredPixels) {
  for (bool bw : {false, true}) {
    PrintOptions o = options("xiangqi");
    o.black_and_white = bw;
    auto pdf = render_print_set(o);
    ASSERT_TRUE(pdf.ok());
    long coloured = 0;
    for (const Image& img : render_pages(write(std::string("bw") + (bw ? "1" : "0") + ".pdf", *pdf), true))
      for (size_t i = 0; i + 2 < img.pixels.size(); i += 3) {
        const int r = img.pixels[i], g = img.pixels[i + 1], b = img.pixels[i + 2];
        coloured += std::max({r, g, b}) - std::min({r, g, b}) > 40;
      }
    if (bw)
      EXPECT_EQ(coloured, 0);
    else
      EXPECT_GT(coloured, 1000);  // the colour set does use colour: the test can tell
  }
}

TEST(PrintSet, EveryPieceStyleRenders) {
  for (PieceStyle s : {PieceStyle::KANJI, PieceStyle::MNEMONIC, PieceStyle::LETTERS, PieceStyle::WESTERNIZED}) {
    PrintOptions o = options("chushogi");
    o.pieces = s;
    auto pdf = render_print_set(o);
    ASSERT_TRUE(pdf.ok()) << piece_style_name(s);
    EXPECT_EQ(pdf->substr(0, 5), "%PDF-");
  }
}

TEST(PrintSet, UnknownGameOrRuleOptionIsAnError) {
  auto bad = render_print_set(options("chess"));
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error(), "unknown game 'chess' (expected xiangqi, chushogi or chuseireigi)");
  PrintOptions o = options("xiangqi");
  o.rule_options = {"lion=hawk"};
  auto bad_option = render_print_set(o);
  ASSERT_FALSE(bad_option.ok());
  EXPECT_EQ(bad_option.error(), "unknown rule option 'lion' for xiangqi");
}

TEST(PositionDiagram, SvgIsWellFormedXml) {
  DiagramOptions o;
  o.game = "chuseireigi";
  o.moves = {"7i7h", "6c8e"};
  o.highlight = {"7h"};
  auto svg = render_diagram(o);
  ASSERT_TRUE(svg.ok()) << svg.error();
  EXPECT_NE(svg->find("<svg"), std::string::npos);
  const fs::path file = write("pos.svg", *svg);
  EXPECT_EQ(run("xmllint --noout '" + file.string() + "' && echo ok"), "ok\n");
}

TEST(PositionDiagram, PngHasTheAskedWidth) {
  DiagramOptions o;
  o.game = "xiangqi";
  o.format = ImageFormat::PNG;
  o.size = 300;
  auto png = render_diagram(o);
  ASSERT_TRUE(png.ok()) << png.error();
  ASSERT_GT(png->size(), 24u);
  EXPECT_EQ(png->substr(1, 3), "PNG");
  const auto be32 = [&](size_t at) {
    return (unsigned char)(*png)[at] << 24 | (unsigned char)(*png)[at + 1] << 16 | (unsigned char)(*png)[at + 2] << 8 |
           (unsigned char)(*png)[at + 3];
  };
  EXPECT_EQ(be32(16), 300u);  // IHDR width
}

TEST(PositionDiagram, BadInputIsAOneLineError) {
  DiagramOptions o;
  o.game = "chushogi";
  o.fen = "12/12 b";
  auto r = render_diagram(o);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().rfind("bad FEN: ", 0), 0u) << r.error();
  o.fen = "";
  o.moves = {"7i7h", "7i7h"};
  r = render_diagram(o);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().rfind("move 2 (7i7h): ", 0), 0u) << r.error();
  o.moves = {};
  o.highlight = {"13a"};
  r = render_diagram(o);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error(), "bad square '13a' to highlight");
  o.highlight = {};
  o.size = 10;
  r = render_diagram(o);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error(), "size 10 out of range (64 to 4096 pixels)");
}

TEST(DrawCli, DiagramBadMoveExitsTwoWithOneLine) {
  auto r = test::run_kirin("diagram --game xiangqi h2e2 h2e2 --out " + scratch("x.svg").string());
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << r.out;
  EXPECT_EQ(r.out.rfind("kirin diagram: move 2 (h2e2): ", 0), 0u) << r.out;
}

TEST(DrawCli, DiagramBadFenExitsTwoWithOneLine) {
  auto r =
      test::run_kirin("diagram --game chuseireigi --fen 'lacsgekgscal/12 b - 1' --out " + scratch("f.png").string());
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << r.out;
  EXPECT_EQ(r.out.rfind("kirin diagram: bad FEN: ", 0), 0u) << r.out;
  EXPECT_FALSE(fs::exists(scratch("f.png")));
}

TEST(DrawCli, DiagramOutMustBeSvgOrPng) {
  auto r = test::run_kirin("diagram --game xiangqi --out " + scratch("x.gif").string());
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.out, "kirin diagram: --out '" + scratch("x.gif").string() + "' must end in .svg or .png\n");
}

TEST(DrawCli, PrintWritesAPdfAndRefusesAnUnknownStyle) {
  const std::string out = scratch("cli.pdf").string();
  auto ok = test::run_kirin("print --game xiangqi --paper letter --bw --pieces westernized --out " + out);
  EXPECT_EQ(ok.code, 0) << ok.out;
  EXPECT_EQ(pdf_info(out).pages, 4);
  auto bad = test::run_kirin("print --game xiangqi --pieces fancy --out " + out);
  EXPECT_EQ(bad.code, 2);
  EXPECT_EQ(bad.out, "kirin print: unknown piece style 'fancy' (expected kanji, mnemonic, letters or westernized)\n");
  auto paper = test::run_kirin("print --game xiangqi --paper a3 --out " + out);
  EXPECT_EQ(paper.code, 2);
  EXPECT_EQ(paper.out, "kirin print: unknown paper 'a3' (expected a4 or letter)\n");
}

}  // namespace
}  // namespace kirin::draw
