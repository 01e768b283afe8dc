package inject
import "testing"
func BenchmarkNoFeat(b *testing.B){noFeatures=true;defer func(){noFeatures=false}();BenchmarkCorpusScan(b)}
func TestNoFeatE(t *testing.T){noFeatures=true;defer func(){noFeatures=false}();var doc struct{Attacks []attackCase `json:"attacks"`;Benign []benignCase `json:"benign"`};readJSON(t,"holdout_f.json",&doc);checkRecall(t,doc.Attacks,0,0);checkBenign(t,doc.Benign)}
